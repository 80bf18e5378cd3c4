# snippet: raises=ValueError
"""DDP needs the default process group, and this process never joined one."""
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

DDP(nn.Linear(4, 1))                        # no init_process_group before it
