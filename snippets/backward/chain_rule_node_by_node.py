"""Walk the recorded chain by hand: each node turns the gradient of its output into its inputs'."""
import torch

# --8<-- [start:forward]
W = torch.tensor([[0.5, -0.25, 0.1], [0.2, 0.4, -0.3]], requires_grad=True)
x = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)
u = W @ x           # MvBackward0
v = torch.tanh(u)   # TanhBackward0
s = v ** 2          # PowBackward0
L = s.sum()         # SumBackward0
# --8<-- [end:forward]

# --8<-- [start:walk]
sum_node = L.grad_fn
pow_node = sum_node.next_functions[0][0]
tanh_node = pow_node.next_functions[0][0]
mv_node = tanh_node.next_functions[0][0]

with torch.no_grad():  # call each real node on the gradient that reaches it
    g_L = torch.tensor(1.0)    # dL/dL
    g_s = sum_node(g_L)        # dL/ds = 1 for every element of s
    g_v = pow_node(g_s)        # dL/dv = dL/ds * 2v
    g_u = tanh_node(g_v)       # dL/du = dL/dv * (1 - v^2)
    g_W, g_x = mv_node(g_u)    # dL/dW = outer(dL/du, x),  dL/dx = W^T dL/du
# --8<-- [end:walk]

v_ = v.detach()
by_hand = {
    "dL/ds": torch.ones(2),
    "dL/dv": 2 * v_,
    "dL/du": 2 * v_ * (1 - v_ ** 2),
    "dL/dW": torch.outer(2 * v_ * (1 - v_ ** 2), x.detach()),
    "dL/dx": W.detach().T @ (2 * v_ * (1 - v_ ** 2)),
}
from_nodes = {"dL/ds": g_s, "dL/dv": g_v, "dL/du": g_u, "dL/dW": g_W, "dL/dx": g_x}
for name, value in from_nodes.items():
    print(f"{name} from the nodes: {torch.round(value.double(), decimals=4).tolist()}")
    assert torch.allclose(value, by_hand[name])

assert g_W.shape == W.shape and g_x.shape == x.shape  # vectors and matrices, no Jacobians
L.backward()
assert torch.allclose(W.grad, g_W) and torch.allclose(x.grad, g_x)
print("same as W.grad and x.grad after L.backward()")
