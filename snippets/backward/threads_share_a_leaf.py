"""Two threads call backward at the same time on graphs that share a leaf: the sum is right, the order is not fixed."""
# snippet: threads=2
import threading
from collections import Counter

import torch
from fieldkit import measured

STEPS = 200
w = torch.zeros(100_000, requires_grad=True)        # the shared leaf
accumulated_by = []                                  # which thread's gradient went into w.grad
w.register_post_accumulate_grad_hook(lambda p: accumulated_by.append(threading.current_thread().name))
ran_on = Counter()                                   # (graph's thread, thread running its node)


# --8<-- [start:threads]
def train(scale, start):
    me = threading.current_thread().name
    x = torch.full_like(w, scale)
    start.wait()                                     # both threads begin together
    for _ in range(STEPS):
        h = w * x                                    # a new graph each step, owned by this thread
        h.register_hook(lambda g: ran_on.update([(me, threading.current_thread().name)]))
        h.tanh().sum().backward()                    # d/dw = scale (tanh'(0) = 1)


start = threading.Barrier(2)
threads = [threading.Thread(target=train, args=(s, start), name=n)
           for n, s in (("A", 0.1), ("B", 0.01))]
for t in threads:
    t.start()
for t in threads:
    t.join()
# --8<-- [end:threads]

counts = Counter(accumulated_by)
print("accumulations into w.grad per thread:", dict(sorted(counts.items())))
switches = sum(a != b for a, b in zip(accumulated_by, accumulated_by[1:], strict=False))
print(f"order of the first 24 (this run): {measured(''.join(accumulated_by[:24]))}, "
      f"{measured(str(switches))} switches between threads in {2 * STEPS}")
print("hooks of each thread's graph ran on: ",
      sorted({f"{graph}'s graph -> thread {runner}" for graph, runner in ran_on}))
expected = torch.full_like(w, STEPS * (0.1 + 0.01))
print(f"w.grad == {STEPS} * (0.1 + 0.01) everywhere (allclose): {torch.allclose(w.grad, expected)}")
assert counts == {"A": STEPS, "B": STEPS}
assert set(ran_on) == {("A", "A"), ("B", "B")}
assert torch.allclose(w.grad, expected)
