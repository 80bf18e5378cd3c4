"""BatchNorm and Dropout keep the mode they were exported in; re-export after eval() to change it."""
import importlib.util
import warnings

import torch
import torch.ao.quantization
from torch.export import export

warnings.filterwarnings("ignore", message=".*LeafSpec.*", category=FutureWarning)  # torch-internal


def mode_args(program):
    """The training flag export wrote into each batch_norm / dropout call."""
    flags = []
    for node in program.graph.nodes:
        if node.target is torch.ops.aten.batch_norm.default:
            flags.append(f"batch_norm(training={node.args[5]})")
        elif node.target is torch.ops.aten.dropout.default:
            flags.append(f"dropout(train={node.args[2]})")
    return ", ".join(flags)


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.BatchNorm1d(4), torch.nn.Dropout(0.5))
x = torch.randn(8, 4)

# --8<-- [start:train]
train_ep = export(model.train(), (x,))
print("exported in train mode:", mode_args(train_ep))
runner = train_ep.module()
stats = model[1].running_mean.clone()
runner(x)                                             # a call meant as inference ...
print("... updated the model's running_mean:", not torch.equal(stats, model[1].running_mean),
      "| num_batches_tracked:", int(model[1].num_batches_tracked))
for name in ("eval", "train"):
    try:
        getattr(runner, name)()                       # ep.module() replaces both methods
    except NotImplementedError as err:
        print(f"runner.{name}(): NotImplementedError: {err}")
# --8<-- [end:train]

print("torch.ao.quantization.move_exported_model_to_eval exists:",
      hasattr(torch.ao.quantization, "move_exported_model_to_eval"))
print("module torch.ao.quantization.pt2e exists:",
      importlib.util.find_spec("torch.ao.quantization.pt2e") is not None)

# --8<-- [start:eval]
eval_ep = export(model.eval(), (x,))                  # the supported way: export again
print("exported in eval mode: ", mode_args(eval_ep))
stats = model[1].running_mean.clone()
same = torch.equal(eval_ep.module()(x), model(x))
print("eval program equals eager eval:", same,
      "| running_mean unchanged:", torch.equal(stats, model[1].running_mean))
# --8<-- [end:eval]

mutations = [s.target for s in train_ep.run_decompositions({}).graph_signature.output_specs
             if s.kind.name == "BUFFER_MUTATION"]
print("train program, functionalised, writes back:", mutations)
assert same and mode_args(eval_ep) == "batch_norm(training=False), dropout(train=False)"
assert not eval_ep.run_decompositions({}).graph_signature.buffers_to_mutate
