"""For a real loss of a complex z, z.grad = dL/dx + i dL/dy = 2 dL/dz* (the conjugate convention)."""
import torch


def real_pair_gradient(loss_of_xy, z):           # the same loss, with x and y as two real leaves
    x = torch.tensor(z.real, dtype=torch.float64, requires_grad=True)
    y = torch.tensor(z.imag, dtype=torch.float64, requires_grad=True)
    loss_of_xy(x, y).backward()
    return complex(x.grad.item(), y.grad.item())


# --8<-- [start:abs2]
z = torch.tensor(3 + 4j, dtype=torch.complex128, requires_grad=True)
loss = (z * z.conj()).real                       # |z|^2 = x^2 + y^2, a real number
loss.backward()
# --8<-- [end:abs2]
pair = real_pair_gradient(lambda x, y: x ** 2 + y ** 2, 3 + 4j)
print("L = |z|^2 at z = 3+4j")
print("  z.grad                      =", z.grad.item())
print("  dL/dx + i dL/dy (real pair) =", pair)
print("  dL/dz* = z                  =", z.detach().item(), "-> z.grad is 2 dL/dz*")
assert z.grad.item() == pair == 2 * z.detach().item()

# --8<-- [start:holomorphic]
w = torch.tensor(3 + 4j, dtype=torch.complex128, requires_grad=True)
(w ** 2).real.backward()                         # L = Re(f(w)) with f(w) = w^2 holomorphic
# --8<-- [end:holomorphic]
pair = real_pair_gradient(lambda x, y: x ** 2 - y ** 2, 3 + 4j)
print("L = Re(w^2) at w = 3+4j")
print("  w.grad                      =", w.grad.item())
print("  dL/dx + i dL/dy (real pair) =", pair)
print("  f'(w) = 2w                  =", 2 * w.detach().item(), "-> w.grad is its conjugate")
assert w.grad.item() == pair == (2 * w.detach()).conj().item()

# --8<-- [start:descent]
with torch.no_grad():
    z_next = z - 0.1 * z.grad                    # the real-valued update rule, unchanged
print("gradient step on |z|^2:", z.detach().item(), "->", z_next.item(),
      f"(|z|^2: {loss.item():.2f} -> {(z_next * z_next.conj()).real.item():.2f})")
# --8<-- [end:descent]
assert z_next.abs() < z.abs()
