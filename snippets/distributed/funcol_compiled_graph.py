"""A functional all_reduce inside torch.compile: two graph nodes, which Inductor can move apart."""
# snippet: timeout=180
import torch
import torch.distributed as dist
import torch.distributed._functional_collectives as funcol
from ddplab import run_on_ranks
from torch._dynamo.backends.common import aot_autograd
from torch._functorch.aot_autograd import make_boxed_func
from torch._inductor.utils import run_and_get_code


# --8<-- [start:step]
def step(x, w):
    reduced = funcol.all_reduce(x, "sum", dist.group.WORLD)   # returns at once, result not yet there
    h = torch.relu(w @ w)                                      # independent computation
    return reduced * 2, h
# --8<-- [end:step]


def launches(code):                               # the lines of Inductor's call() that run something
    body = code[code.index("def call("):code.index("return (")]
    keep = ("cpp_fused", "extern_kernels.", "torch.ops.")
    return [line.strip().split("(")[0] for line in body.splitlines()
            if line.strip().startswith(keep)]


# --8<-- [start:worker]
def worker(rank, world_size):
    x, w = torch.full((4, 4), float(rank + 1)), torch.eye(4)
    graphs = []

    def keep_aten_graph(gm, example_inputs):      # the ATen-level graph AOTAutograd produces
        graphs.append(gm.code)
        return make_boxed_func(gm.forward)

    torch.compile(step, backend=aot_autograd(fw_compiler=keep_aten_graph))(x, w)
    inductor = {}
    for reorder in (False, True):
        torch._dynamo.reset()
        with torch._inductor.config.patch(reorder_for_compute_comm_overlap=reorder,
                                          reorder_for_compute_comm_overlap_passes=["sink_waits"]):
            (reduced, _), code = run_and_get_code(torch.compile(step), x, w)
        inductor[reorder] = launches(code[0])
    return {"graph": graphs[0], "inductor": inductor, "reduced": reduced[0, 0].item()}
# --8<-- [end:worker]


if __name__ == "__main__":
    ranks = run_on_ranks(worker)
    r = ranks[0]
    graph = [line.strip() for line in r["graph"].splitlines() if " = " in line]
    print("ATen graph of step():", *(f"  {line}" for line in graph), sep="\n")
    for reorder, order in r["inductor"].items():
        print(f"Inductor's generated code, reorder_for_compute_comm_overlap={reorder}, runs:")
        print(*(f"  {i}. {launch}" for i, launch in enumerate(order, 1)), sep="\n")
    print("reduced[0, 0] on each rank:", [q["reduced"] for q in ranks], "(= 2 * (1 + 2))")
    assert any("_c10d_functional.all_reduce.default" in line for line in graph)
    assert any("_c10d_functional.wait_tensor.default" in line for line in graph)
    plain, reordered = r["inductor"][False], r["inductor"][True]
    wait, mm = "torch.ops._c10d_functional.wait_tensor.default", "extern_kernels.mm"
    assert plain.index(wait) < plain.index(mm) and reordered.index(wait) > reordered.index(mm)
    assert [q["reduced"] for q in ranks] == [6.0, 6.0] and ranks[1]["inductor"] == r["inductor"]
