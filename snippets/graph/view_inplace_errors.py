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


def created_in_no_grad(t):
    with torch.no_grad():
        return t[:1]


def attempt(label, make_view, leaf=False):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    view = make_view(x if leaf else x * 1)
    try:
        view.mul_(2)
        print(f"{label:38} allowed")
        return False
    except RuntimeError as error:
        first = str(error).split(". ")[0].rstrip(".")
        print(f"{label:38} RuntimeError: {first}.")
        return True


# --8<-- [start:cases]
cases = {   # label: (how the view is made, whether it is a view of the leaf itself)
    "b.unbind()[0].mul_(2)": (lambda b: b.unbind()[0], False),
    "b.split(2)[0].mul_(2)  (one output)": (lambda b: b.split(2)[0], False),
    "b.unbind()[0].view(1).mul_(2)": (lambda b: b.unbind()[0].view(1), False),
    "view from no_grad, mul_ in grad mode": (created_in_no_grad, False),
    "custom Function's view output.mul_(2)": (FirstElement.apply, False),
    "x[:1].mul_(2), x a leaf": (lambda x: x[:1], True),
    "b[:1].mul_(2)  (ordinary view)": (lambda b: b[:1], False),
    "b[0].mul_(2)  (select: one view)": (lambda b: b[0], False),
}
raised = {label: attempt(label, make, leaf) for label, (make, leaf) in cases.items()}
# --8<-- [end:cases]
assert [label for label, r in raised.items() if not r] == [
    "b[:1].mul_(2)  (ordinary view)", "b[0].mul_(2)  (select: one view)"]
