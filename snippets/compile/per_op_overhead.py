"""An eager op has a fixed cost (Python, dispatcher, autograd, allocation) before any arithmetic."""
import timeit

import torch
from fieldkit import measured

torch.manual_seed(0)


def per_call_us(x):
    """Best of 5 batches: microseconds for one eager ``x * 2``."""
    number = max(5, 10_000 // x.numel())
    x * 2                                                  # warm up
    return min(timeit.repeat(lambda: x * 2, number=number, repeat=5)) / number * 1e6


print(f"{'elements':>10}  {'x * 2':>9}  {'per element':>12}  {'recorded for autograd':>22}")
plain, recorded = {}, {}
for n in [1, 100, 10_000, 1_000_000]:
    x = torch.randn(n)
    plain[n] = per_call_us(x)
    recorded[n] = per_call_us(x.requires_grad_())
    print(f"{n:>10,}  {measured(f'{plain[n]:6.1f} us')}  "
          f"{measured(f'{plain[n] * 1e3 / n:9.3f} ns')}  {measured(f'{recorded[n]:19.1f} us')}")

# A million times more data costs far less than a million times more time: most of the cost
# of a small op is overhead paid once per op, whatever its size.
assert plain[1_000_000] < 1_000_000 * plain[1] / 100
# Recording creates a backward node per op (extra work, visible in the last column); that
# part is shown, not asserted: a difference of microseconds is at the mercy of a busy machine.
assert (torch.ones(1, requires_grad=True) * 2).grad_fn is not None
