"""Output is embedded literally: nothing a snippet prints is interpreted as Markdown or HTML."""
print("<script>alert('not run')</script> </pre> **not bold** [not a link](https://example.com)")
print('--8<-- "not/included.md"  {{ not_jinja }}  ```not a fence```')
