"""torch.distributed.pipelining: split an exported model into two stages and run GPipe on two ranks."""
# snippet: timeout=120
import textwrap

import torch
from ddplab import run_on_ranks
from torch import nn
from torch.distributed.pipelining import ScheduleGPipe, SplitPoint, pipeline


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(8, 8) for _ in range(4))

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


def body(code):                                   # the lines of a generated forward()
    return [line.rstrip() for line in textwrap.dedent(code).strip().splitlines() if line.strip()]


# --8<-- [start:worker]
def worker(rank, world_size):
    torch.manual_seed(0)
    model, x = Net(), torch.randn(8, 8)
    # torch.export traces the model for one micro-batch; the graph is cut before layers.2
    pipe = pipeline(model, mb_args=(x[:2],), split_spec={"layers.2": SplitPoint.BEGINNING})
    graphs = [body(pipe.split_gm.code)] + [body(pipe.get_stage_module(i).code) for i in range(2)]

    stage = pipe.build_stage(rank, device=torch.device("cpu"))     # this rank's stage only
    events = []
    stage.submod.register_forward_hook(lambda *_: events.append("F"))
    next(stage.submod.parameters()).register_post_accumulate_grad_hook(lambda _: events.append("B"))
    schedule = ScheduleGPipe(stage, n_microbatches=4, loss_fn=lambda out, target: out.sum(),
                             scale_grads=False)                    # the loss is a sum: keep the sum
    if rank == 0:
        schedule.step(x)                          # the first stage gets the input
    else:
        schedule.step(target=torch.zeros(8, 8))   # the last stage computes the loss

    reference = Net()                             # the whole model, whole batch, one process
    reference.load_state_dict(model.state_dict())
    reference(x).sum().backward()
    ref = dict(reference.named_parameters())
    same = all(torch.allclose(p.grad, ref[n].grad, atol=1e-5) for n, p in stage.submod.named_parameters())
    return {"graphs": graphs, "events": "".join(events),
            "params": [n for n, _ in stage.submod.named_parameters()], "same": same}
# --8<-- [end:worker]


if __name__ == "__main__":
    ranks = run_on_ranks(worker)
    top, *stages = ranks[0]["graphs"]
    print("pipe.split_gm:", *(f"  {line}" for line in top), sep="\n")
    for i, code in enumerate(stages):
        print(f"stage {i} module:", *(f"  {line}" for line in code), sep="\n")
    for rank, r in enumerate(ranks):
        print(f"rank {rank}: holds {', '.join(r['params'])}; ran {r['events']};"
              f" grads equal the one-process model's: {r['same']}")
    assert ranks[1]["graphs"] == ranks[0]["graphs"] and len(stages) == 2
    assert all(r["events"] == "FFFFBBBB" and r["same"] for r in ranks)   # GPipe: fill, then drain
    assert ranks[0]["params"][0] == "layers.0.weight" and ranks[1]["params"][0] == "layers.2.weight"
