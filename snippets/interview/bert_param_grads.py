"""A tiny BERT-style classifier: backward gives every parameter its gradient; the optimizer turns it into a step."""
import torch
import torch.nn.functional as F
from fieldkit import save_svg
from fieldkit.autograd_graph import draw
from torch import nn

torch.manual_seed(0)


# --8<-- [start:model]
class TinyBertClassifier(nn.Module):
    def __init__(self, vocab=20, dim=4, classes=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)   # one self-attention head
        self.head = nn.Linear(dim, classes)              # classifier on position 0 ([CLS])

    def forward(self, tokens):
        h = self.embed(tokens)                           # (seq, dim)
        q, k, v = self.qkv(h).chunk(3, dim=-1)
        attention = torch.softmax(q @ k.T / h.shape[-1] ** 0.5, dim=-1)
        h = h + attention @ v                            # residual connection
        return self.head(h[0])
# --8<-- [end:model]


model = TinyBertClassifier()
tokens, label = torch.tensor([0, 7, 3, 12]), torch.tensor(1)   # "[CLS] w7 w3 w12", positive

# --8<-- [start:backward]
loss = F.cross_entropy(model(tokens), label)
save_svg("graph", draw(loss, params={**dict(model.named_parameters()), "loss": loss},
                       title="The graph one forward pass of the classifier recorded"))
loss.backward()                                      # fills p.grad for every parameter
for name, p in model.named_parameters():
    print(f"{name:12} shape {str(tuple(p.shape)):8} grad shape {str(tuple(p.grad.shape)):8} "
          f"|grad| = {p.grad.norm():.4f}")
# --8<-- [end:backward]

used = sorted(set(tokens.tolist()))
rows_with_grad = [i for i in range(20) if model.embed.weight.grad[i].abs().sum() > 0]
print("embedding rows with a non-zero gradient:", rows_with_grad, "= the tokens of this sentence")
assert rows_with_grad == used

# --8<-- [start:meaning]
# a gradient entry is a rate of change: nudge that one weight both ways, watch the loss
eps = 1e-3
with torch.no_grad():
    w = model.qkv.weight
    w[2, 1] += eps
    up = F.cross_entropy(model(tokens), label)
    w[2, 1] -= 2 * eps
    down = F.cross_entropy(model(tokens), label)
    w[2, 1] += eps
slope = (up - down).item() / (2 * eps)
print(f"(loss(w + eps) - loss(w - eps)) / 2eps = {slope:.4f}   "
      f"qkv.weight.grad[2, 1] = {w.grad[2, 1]:.4f}")
# --8<-- [end:meaning]
assert abs(slope - w.grad[2, 1].item()) < 1e-3


def fmt(t):
    return "[" + ", ".join(f"{v:+.4f}" for v in t.tolist()) + "]"


# --8<-- [start:step]
# how far each weight moves is the optimizer's decision, not autograd's
for opt_class in (torch.optim.SGD, torch.optim.AdamW):
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    opt = opt_class(model.parameters(), lr=0.1)
    opt.step()
    w, g = model.head.weight, model.head.weight.grad
    step = w.detach() - before["head.weight"]
    print(f"{opt_class.__name__:6} head.weight[0, :3] moved by {fmt(step[0, :3])}   "
          f"-lr * grad = {fmt(-0.1 * g[0, :3])}")
    if opt_class is torch.optim.SGD:
        assert torch.allclose(step, -0.1 * g)              # plain SGD: exactly -lr * grad
    else:
        assert torch.allclose(step.abs(), torch.full_like(step, 0.1), rtol=0.05)  # ~lr each
    with torch.no_grad():                            # undo, to compare both on the same weights
        for n, p in model.named_parameters():
            p.copy_(before[n])
# --8<-- [end:step]
