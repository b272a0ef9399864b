// Placeholder until the CLI lands.
print("route-fly")
