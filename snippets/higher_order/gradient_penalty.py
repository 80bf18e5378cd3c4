"""A WGAN-GP gradient penalty: the loss contains a gradient, so its backward is a double backward."""
import torch

torch.manual_seed(0)
critic = torch.nn.Sequential(torch.nn.Linear(2, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
critic.double()
real = torch.randn(8, 2, dtype=torch.float64)
fake = torch.randn(8, 2, dtype=torch.float64) + 2.0


# --8<-- [start:penalty]
def gradient_penalty(critic, real, fake, create_graph=True):
    eps = torch.rand(real.shape[0], 1, dtype=real.dtype, generator=torch.Generator().manual_seed(1))
    mixed = (eps * real + (1 - eps) * fake).requires_grad_()
    score = critic(mixed)
    (g,) = torch.autograd.grad(score.sum(), mixed, create_graph=create_graph)
    return ((g.norm(2, dim=1) - 1) ** 2).mean()        # push |d critic / d input| towards 1


penalty = gradient_penalty(critic, real, fake)
penalty.backward()                                      # reaches the critic's weights through g
# --8<-- [end:penalty]
w = critic[0].weight
print(f"penalty = {penalty.item():.6f}")
print("d penalty / d first-layer weight, row 0:", [round(x, 6) for x in w.grad[0].tolist()])

# Check that gradient against finite differences of the penalty itself.
params = tuple(critic.parameters())


def penalty_of(*values):
    state = dict(zip([n for n, _ in critic.named_parameters()], values, strict=True))
    f = lambda t: torch.func.functional_call(critic, state, (t,))  # noqa: E731
    return gradient_penalty(f, real, fake)


print("torch.autograd.gradcheck on the penalty:", torch.autograd.gradcheck(penalty_of, params))

# --8<-- [start:without]
no_graph = gradient_penalty(critic, real, fake, create_graph=False)
print("without create_graph the penalty requires_grad:", no_graph.requires_grad)
# --8<-- [end:without]
assert w.grad.abs().sum() > 0 and not no_graph.requires_grad
