const banner = `
  ____  _    _ _ _
                                                                                                                                  | __ )
`;
//                                                                                                                                             end of a very wide comment
const table = ['name                                                                                                                        value'];
console.log(banner, table);
