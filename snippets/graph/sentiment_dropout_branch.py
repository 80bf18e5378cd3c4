"""Two training steps of one model record two different graphs: Python decides what is recorded."""
import torch
import torch.nn.functional as F
from fieldkit import save_svg
from fieldkit.autograd_graph import draw, graph_of
from torch import nn

torch.manual_seed(0)


# --8<-- [start:model]
class TinySentiment(nn.Module):
    def __init__(self, vocab_size=50, dim=4):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.head = nn.Linear(dim, 2)              # negative / positive

    def forward(self, tokens, use_dropout):
        sentence = self.embed(tokens).mean(dim=0)  # average the word vectors
        if use_dropout:                            # plain Python: decided anew on every call
            sentence = F.dropout(sentence, p=0.5, training=self.training)
        return self.head(sentence)
# --8<-- [end:model]


model = TinySentiment()
params = dict(model.named_parameters())

# --8<-- [start:steps]
batches = [(torch.tensor([4, 17, 9]), torch.tensor(1), False),           # 3 tokens, no dropout
           (torch.tensor([8, 2, 31, 4, 12]), torch.tensor(0), True)]     # 5 tokens, dropout
recorded = []
for step, (tokens, label, use_dropout) in enumerate(batches, start=1):
    logits = model(tokens, use_dropout)
    loss = F.cross_entropy(logits, label)
    nodes = [n.label for n in graph_of(loss).nodes if n.kind == "function"]
    print(f"step {step}: {len(tokens)} tokens, use_dropout={use_dropout!s:<5} "
          f"-> {len(nodes)} backward nodes:\n    {', '.join(nodes)}")
    save_svg(f"step{step}", draw(loss, params={**params, "loss": loss},
                                 title=f"step {step}: use_dropout={use_dropout}"))
    recorded.append((nodes, loss.grad_fn))
    model.zero_grad()
    loss.backward()                                # runs this step's graph and frees its saved tensors
    with torch.no_grad():                          # a plain SGD step, not recorded
        for p in model.parameters():
            p -= 0.1 * p.grad
# --8<-- [end:steps]

(first, first_root), (second, second_root) = recorded
extra = [name for name in second if name not in first]
print("recorded only in step 2:", extra)
print("step 2's root node is a new object, not step 1's:", first_root is not second_root)
assert len(second) == len(first) + 1 and extra == ["MulBackward0"]
assert first_root is not second_root                # a new graph, not a reused one
