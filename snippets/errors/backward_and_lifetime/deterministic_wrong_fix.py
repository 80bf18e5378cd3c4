"""warn_only=True for the whole run: every nondeterministic op now runs, and the flag still reads True."""
import warnings

import torch

torch.manual_seed(0)
torch.use_deterministic_algorithms(True, warn_only=True)
values, indices = torch.nn.MaxPool1d(2, return_indices=True)(torch.randn(1, 1, 6))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.nn.MaxUnpool1d(2)(values, indices)                              # the op that raised
    torch.zeros(5).put_(torch.tensor([0, 0]), torch.tensor([1.0, 2.0]))   # another one, elsewhere
ops = [str(w.message).split(" does not")[0] for w in caught]
print("ran with only a warning:", ops)
print("torch.are_deterministic_algorithms_enabled():", torch.are_deterministic_algorithms_enabled())
assert ops == ["max_unpooling2d_forward_out", "put_"] and torch.are_deterministic_algorithms_enabled()
