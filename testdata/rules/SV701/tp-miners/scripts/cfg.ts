type Pool = { url: string; user: string };

export const pools: Pool[] = [
  { url: atob("c3RyYXR1bStzc2w6Ly94bXIuMm1pbmVycy5jb206MTIyMjI="), user: "w" }, // want "SV701: stratum.*decoded"
];
