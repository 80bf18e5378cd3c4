"""JAX without jit runs op by op: a Python loop that depends on the value is differentiated as run."""
import jax
import jax.numpy as jnp
import torch

steps = []


# --8<-- [start:loop]
def double_until_ten(x):
    n = 0
    while x < 10.0:                                 # how often depends on the value of x
        x = x * 2.0
        n += 1
    steps.append(n)
    return x                                        # x * 2**n, so the derivative is 2**n


for a in (3.0, 1.0):
    print(f"x = {a}: jax.grad -> {float(jax.grad(double_until_ten)(a)):5.1f}"
          f" after {steps[-1]} doublings;", end="  ")
    t = torch.tensor(a, requires_grad=True)
    double_until_ten(t).backward()
    print(f"torch backward -> {t.grad.item():5.1f}")
# --8<-- [end:loop]
assert steps == [2, 2, 4, 4]
print("jnp.sin(1.0) outside any transform:", jnp.sin(1.0), "(a concrete value, computed now)")
