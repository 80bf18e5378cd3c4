"""Each compiled graph comes with guards: checks on the inputs that must hold for it to be reused."""
import re

import torch
from logcapture import torch_logs, without_source_comments


def scale(x, factor):
    return x * factor + 1


# --8<-- [start:compile]
compiled = torch.compile(scale, backend="eager")
with torch_logs(guards=True) as messages:          # same as TORCH_LOGS=guards
    compiled(torch.ones(3), 2)
# --8<-- [end:compile]

tree = next(m for m in messages if "TREE_GUARD_MANAGER" in m)
for line in tree.strip().splitlines():
    line = without_source_comments(line)                   # Dynamo's pointer into the source
    line = re.sub(r", accessed_by=.*?\), ", ", ", line)    # how the value is fetched
    line = re.sub(r"against \{.*\}", "against {...}", line)  # grad mode, autocast, dtype, threads
    print(line)
assert "EQUALS_MATCH: L['factor'] == 2" in tree and "size=[3], stride=[1]" in tree
