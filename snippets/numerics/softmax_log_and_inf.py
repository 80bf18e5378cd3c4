"""log(softmax(x)) underflows to -inf and its gradient is NaN; log_softmax stays finite. -inf logits in cross entropy."""
import torch
import torch.nn.functional as F

# --8<-- [start:log]
for name, f in [("log(softmax(x))", lambda x: torch.log(x.softmax(0))),
                ("log(softmax(x) + 1e-10)", lambda x: torch.log(x.softmax(0) + 1e-10)),
                ("log_softmax(x)", lambda x: x.log_softmax(0))]:
    x = torch.tensor([100.0, 0.0, -100.0], requires_grad=True)
    y = f(x)
    y[2].backward()
    print(f"{name:<24} value[2] = {y[2].item():>9.2f}   gradient = "
          f"{[round(g, 4) + 0.0 for g in x.grad.tolist()]}")
# --8<-- [end:log]

# --8<-- [start:ce]
cases = [("-inf on another class", [[2.0, 1.0, float("-inf")]], 0, 0.0),
         ("-inf on the target class", [[float("-inf"), 1.0, 2.0]], 0, 0.0),
         ("every logit -inf", [[float("-inf")] * 3], 0, 0.0),
         ("-inf, label_smoothing=0.1", [[2.0, 1.0, float("-inf")]], 0, 0.1),
         ("finfo.min, label_smoothing=0.1", [[2.0, 1.0, torch.finfo(torch.float32).min]], 0, 0.1)]
for name, rows, target, smoothing in cases:
    logits = torch.tensor(rows, requires_grad=True)
    loss = F.cross_entropy(logits, torch.tensor([target]), label_smoothing=smoothing)
    loss.backward()
    print(f"{name:<31} loss {loss.item():>10.4g}   gradient "
          f"{[round(g, 4) + 0.0 for g in logits.grad[0].tolist()]}")

logits = torch.tensor([[2.0, 1.0, 0.0], [float("-inf")] * 3], requires_grad=True)
loss = F.cross_entropy(logits, torch.tensor([0, -100]), ignore_index=-100)  # row 2 ignored
loss.backward()
print(f"{'row of -inf with ignore_index':<31} loss {loss.item():>10.4g}   gradient "
      f"{[round(g, 4) + 0.0 for g in logits.grad[1].tolist()]}")
assert loss.isfinite() and logits.grad[1].isnan().all()   # finite loss, NaN gradient
logits.grad = None
no_class = logits.isneginf().all(dim=1, keepdim=True)      # rows with no valid class
loss = F.cross_entropy(logits.masked_fill(no_class, 0.0), torch.tensor([0, -100]))
loss.backward()
print(f"{'same, logits zeroed before':<31} loss {loss.item():>10.4g}   gradient "
      f"{[round(g, 4) + 0.0 for g in logits.grad[1].tolist()]}")
# --8<-- [end:ce]
assert logits.grad.isfinite().all()
