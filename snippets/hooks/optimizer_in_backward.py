"""A post-accumulate-grad hook can apply the update per parameter, during backward."""
import torch

torch.manual_seed(0)
LR = 0.1
model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
twin = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
twin.load_state_dict(model.state_dict())
batch = torch.randn(4, 8)

# The usual way: the whole backward first, then one SGD update over all parameters.
twin(batch).square().mean().backward()
with torch.no_grad():
    for p in twin.parameters():
        p -= LR * p.grad

# --8<-- [start:fused]
order = []


def step_now(param):                     # runs right after param.grad was accumulated
    with torch.no_grad():
        param -= LR * param.grad         # the SGD update for this one parameter
    param.grad = None                    # and its gradient is freed at once
    order.append(tuple(param.shape))


for p in model.parameters():
    p.register_post_accumulate_grad_hook(step_now)
model(batch).square().mean().backward()
# --8<-- [end:fused]

print("parameters updated during backward, in this order:", order)
print("any .grad left after backward:", any(p.grad is not None for p in model.parameters()))
same = all(torch.equal(a, b) for a, b in zip(model.parameters(), twin.parameters(), strict=True))
print("same weights as backward() followed by the update loop:", same)
assert same and order[0] == (1,) and len(order) == 4
