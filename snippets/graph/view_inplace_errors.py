"""In-place errors that are about views, not about saved tensors: each is raised by the in-place op itself."""
import torch


class FirstElement(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t[:1]                        # returns a view of its input

    @staticmethod
    def backward(ctx, grad):
        out = grad.new_zeros(2)
        out[:1] = grad
        return out


def attempt(label, make_view):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    view = make_view(x * 1)
    try:
        view.mul_(2)
        print(f"{label}: allowed")
    except RuntimeError as error:
        what, why = str(error).split(". ")[:2]          # the first two sentences
        print(f"{label}: RuntimeError\n    {what}.\n    {why}.")
        return True
    return False


def created_in_no_grad(t):
    with torch.no_grad():
        return t[:1]


# --8<-- [start:cases]
cases = {
    "t.unbind()[0].mul_(2)": lambda t: t.unbind()[0],
    "view from no_grad, mul_ in grad mode": created_in_no_grad,
    "custom Function's view output.mul_": FirstElement.apply,
    "t[:1].mul_(2) (ordinary view)": lambda t: t[:1],
}
raised = {label: attempt(label, make_view) for label, make_view in cases.items()}
# --8<-- [end:cases]
assert raised == {"t.unbind()[0].mul_(2)": True, "view from no_grad, mul_ in grad mode": True,
                  "custom Function's view output.mul_": True, "t[:1].mul_(2) (ordinary view)": False}
