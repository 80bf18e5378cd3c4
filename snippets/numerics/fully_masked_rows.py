"""A fully masked attention row: softmax over all -inf is NaN, and masking the loss afterwards cannot remove it."""
import torch
import torch.nn.functional as F

torch.manual_seed(0)
q0, k, v0 = torch.randn(1, 3, 4), torch.randn(1, 3, 4), torch.randn(1, 3, 4)
allowed = torch.tensor([[True, True, False],
                        [True, True, True],
                        [False, False, False]])      # query 2 may attend to nothing
row_used = allowed.any(-1)                           # the loss ignores query 2


def attention(how):
    q, v = q0.clone().requires_grad_(), v0.clone().requires_grad_()
    if how == "sdpa":
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)
    else:
        fill = float("-inf") if how == "-inf" else torch.finfo(q.dtype).min
        scores = (q @ k.transpose(-1, -2) / 2).masked_fill(~allowed, fill)
        out = scores.softmax(-1) @ v
    loss = (out.sum(-1) * row_used).sum()             # mask the loss of query 2
    loss.backward()
    return out, loss, q.grad, v.grad


# --8<-- [start:compare]
for how in ["-inf", "finfo.min", "sdpa"]:
    out, loss, q_grad, v_grad = attention(how)
    print(f"{how:<9} row 2 of the output: {[round(x, 3) for x in out[0, 2].tolist()]}  "
          f"loss {loss.item():.4f}  NaN in q.grad: {q_grad.isnan().any().item()!s:5}  "
          f"NaN in v.grad: {v_grad.isnan().any().item()}")
# --8<-- [end:compare]
out, loss, q_grad, v_grad = attention("-inf")
assert loss.isnan() and v_grad.isnan().any()
for how in ["finfo.min", "sdpa"]:
    out, loss, q_grad, v_grad = attention(how)
    assert not loss.isnan() and not v_grad.isnan().any() and not q_grad.isnan().any()
