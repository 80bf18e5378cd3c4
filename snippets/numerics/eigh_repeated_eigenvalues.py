"""eigh's eigenvector gradient divides by differences of eigenvalues: infinite when two are equal."""
import torch

# --8<-- [start:eigh]
for name, matrix in [("distinct eigenvalues", torch.diag(torch.tensor([1.0, 2.0, 3.0]))),
                     ("two equal eigenvalues", torch.diag(torch.tensor([1.0, 1.0, 3.0])))]:
    A = matrix.clone().requires_grad_()
    values, vectors = torch.linalg.eigh(A)
    (values.sum() + vectors.abs().sum()).backward()   # a loss that uses the eigenvectors
    vectors_nan = A.grad.isnan().any().item()
    B = matrix.clone().requires_grad_()
    torch.linalg.eigvalsh(B).sum().backward()         # a loss of the eigenvalues only
    print(f"{name:<22} NaN in the gradient through eigenvectors: {vectors_nan!s:5}   "
          f"through eigvalsh: {B.grad.isnan().any().item()}")
# --8<-- [end:eigh]
    assert vectors_nan == (name == "two equal eigenvalues") and not B.grad.isnan().any()
