// a payload cut short by the packager
const x = function() { return 1 + ; } // want "SV006: cannot be parsed"
