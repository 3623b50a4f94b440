export const strip = (s) => s.replace(/[​‌‍]/g, ''); // want "medium SV306: run of 3 distinct"
