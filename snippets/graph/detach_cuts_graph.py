"""detach() ends the graph: nothing before it is recorded as part of the loss's history."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import draw

torch.manual_seed(0)
x = torch.randn(2, 3)
encoder = torch.randn(3, 4, requires_grad=True)
head = torch.randn(4, 1, requires_grad=True)

# --8<-- [start:forward]
features = torch.tanh(x @ encoder)
joint = (features @ head).sum()               # gradients reach head and encoder
frozen = (features.detach() @ head).sum()     # gradients reach head only
# --8<-- [end:forward]

save_svg("a_joint", draw(joint, params={"encoder": encoder, "head": head, "joint": joint},
                         title="(tanh(x @ encoder) @ head).sum()"))
save_svg("b_frozen", draw(frozen, params={"encoder": encoder, "head": head, "frozen": frozen},
                          title="(tanh(x @ encoder).detach() @ head).sum()"))

frozen.backward()
print("after frozen.backward(): head.grad set:", head.grad is not None,
      " encoder.grad:", encoder.grad)
assert head.grad is not None and encoder.grad is None
joint.backward()
print("after joint.backward():  encoder.grad set:", encoder.grad is not None)
assert encoder.grad is not None
