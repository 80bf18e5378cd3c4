"""Every in-place op bumps _version; views share their base's counter; out-of-place ops do not."""
import torch

t = torch.zeros(4)
print("new tensor:                 t._version =", t._version)
# --8<-- [start:bumps]
t.add_(1)
print("after t.add_(1):            t._version =", t._version)
t += 1                                            # augmented assignment is in-place
print("after t += 1:               t._version =", t._version)
t[0] = 5.0                                        # so is indexing assignment
print("after t[0] = 5.0:           t._version =", t._version)
torch.mul(t, 2, out=t)                            # and writing into an out= tensor
print("after torch.mul(.., out=t): t._version =", t._version)
u = t * 2                                         # out-of-place: t untouched, u is new
print("after u = t * 2:            t._version =", t._version, " u._version =", u._version)
view = t[1:3]
view.mul_(10)                                     # write through a view
print("after view.mul_(10):        t._version =", t._version, " view._version =", view._version)
# --8<-- [end:bumps]
assert (t._version, u._version, view._version) == (5, 0, 5)
