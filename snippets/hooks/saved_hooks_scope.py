"""saved_tensors_hooks apply to tensors saved in this thread, inside the context; the innermost wins."""
import threading

import torch

x = torch.tensor([0.5, 1.5], requires_grad=True)
log = []


def hooks(name):
    def pack(t):
        log.append(f"{name}.pack")
        return t.detach()

    def unpack(t):
        log.append(f"{name}.unpack")
        return t
    return torch.autograd.graph.saved_tensors_hooks(pack, unpack)


def show(title, expected):
    print(f"{title:<52} {', '.join(log) or 'no hook calls'}")
    assert log == expected
    log.clear()


# --8<-- [start:thread]
results = {}
with hooks("outer"):
    worker = threading.Thread(target=lambda: results.update(y=x.exp()))
    worker.start()
    worker.join()                           # exp() in the worker saves its result: no hook
    z = x.exp()                             # exp() in this thread: hooked
show("forward: one exp() in a worker, one in this thread", ["outer.pack"])
# --8<-- [end:thread]

# --8<-- [start:nested]
with hooks("outer"), hooks("inner"):
    w = x.exp()
show("forward inside two nested contexts", ["inner.pack"])
# --8<-- [end:nested]

# --8<-- [start:backward]
w.sum().backward()                          # the hooks travel with what they packed
show("backward, outside every context", ["inner.unpack"])
v = x.exp()                                 # saved with no hooks in place
with hooks("late"):
    v.sum().backward()                      # entering a context at backward time changes nothing
show("forward outside, backward inside a context", [])
# --8<-- [end:backward]
