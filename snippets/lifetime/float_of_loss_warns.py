"""float(loss) on a tensor that requires grad warns in torch 2.13; loss.item() does not."""
import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (x * x).sum()

conversions = {
    "loss.item()": lambda: loss.item(),
    "float(loss.detach())": lambda: float(loss.detach()),
    "float(loss)": lambda: float(loss),
}
for expression, convert in conversions.items():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = convert()
    message = str(caught[0].message).split("\n")[0] if caught else "no warning"
    print(f"{expression:<22} -> {value}   {message}")
    assert isinstance(value, float) and value == 5.0
    assert bool(caught) == (expression == "float(loss)")
