"""torch.compile traces into an autograd.Function, translating simple NumPy calls to torch ops."""
import numpy as np
import torch


class NumpySin(torch.autograd.Function):             # forward calls NumPy on detached data
    @staticmethod
    def forward(x):
        return torch.from_numpy(np.sin(x.detach().numpy()))

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.cos(x)


graphs = []


def keep_graph(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def calls(gm):
    return [getattr(node.target, "__name__", str(node.target))
            for node in gm.graph.nodes if node.op in ("call_function", "call_method")]


x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
# --8<-- [start:compile]
compiled = torch.compile(lambda x: NumpySin.apply(x).sum(), backend=keep_graph, fullgraph=True)
compiled(x).backward()
# --8<-- [end:compile]
(graph,) = graphs
print("graphs:", len(graphs), "(fullgraph=True, so no graph break)")
print("outer graph calls:", calls(graph))
print("forward body calls:", calls(graph.fwd_body_0))
print("backward body calls:", calls(graph.bwd_body_0))
(wrapped,) = [node.target for node in graph.fwd_body_0.graph.nodes
              if getattr(node.target, "__name__", "") == "wrapped_sin"]
print("wrapped_sin calls torch._numpy.sin:", wrapped.f is torch._numpy.sin)
print("x.grad =", x.grad, " matches cos(x):", torch.allclose(x.grad, torch.cos(x.detach())))
assert "autograd_function_apply" in calls(graph)
assert wrapped.f is torch._numpy.sin                    # np.sin, translated into PyTorch's NumPy
assert torch.allclose(x.grad, torch.cos(x.detach()))
