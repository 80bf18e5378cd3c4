# snippet: raises=RuntimeError
"""Post-accumulate-grad hooks exist only for leaves: a non-leaf has no AccumulateGrad node."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.register_post_accumulate_grad_hook(lambda t: None)
