# snippet: raises=RuntimeError
"""A tensor made under inference_mode cannot be saved for backward later (nor mutated, nor made to require grad)."""
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.inference_mode():
    features = torch.tensor([3.0, 4.0]) * 2       # an inference tensor
    try:
        features._version                         # no version, even inside the mode
    except RuntimeError as error:
        inside = str(error)
print("features.is_inference() =", features.is_inference())
print("inside inference_mode, features._version: RuntimeError:", inside)
assert "do not track version counter" in inside

# --8<-- [start:probe]
for label, attempt in [("features._version", lambda: features._version),
                       ("features.requires_grad_()", lambda: features.requires_grad_()),
                       ("features.add_(1)", lambda: features.add_(1))]:
    try:
        attempt()
    except RuntimeError as error:
        print(f"{label:<26} RuntimeError: {str(error).split('.')[0]}.")

print("features + w (add saves neither input):",
      (features + w).grad_fn is not None)
print("features.clone() * w (a normal copy):   ",
      (features.clone() * w).grad_fn is not None)
# --8<-- [end:probe]

# --8<-- [start:fail]
loss = (features * w).sum()    # MulBackward0 must save `features` to compute w's gradient
# --8<-- [end:fail]
