const isAdmin = false;
/*‮ } ⁦if (isAdmin)⁩ ⁦ begin admins only */ // want "SV307: .*in code"
