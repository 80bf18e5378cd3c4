"""State carried from one iteration to the next drags the old graph along; detach() cuts it."""
import torch

torch.manual_seed(0)
w = (0.5 * torch.randn(3, 3)).requires_grad_()


def train(detach):
    completed.clear()
    h = torch.zeros(3)
    for step in range(1, 4):
        # --8<-- [start:step]
        h = torch.tanh(w @ h + 1)  # this step's state depends on the previous step's
        h.sum().backward()
        if detach:
            h = h.detach()         # keep the value, drop the history
        # --8<-- [end:step]
        print(f"  step {step}: backward ok")
        completed.append(step)


completed = []

for detach in [False, True]:
    print(f"detach() after each step: {detach}")
    try:
        train(detach)
    except RuntimeError as error:
        print(f"  step {len(completed) + 1}: RuntimeError:", str(error).split(" (")[0])
    assert completed == ([1, 2, 3] if detach else [1])
