export const hint =
  '作業ツリーの権限を変更した場合は chmod -R u+w ./build を実行してから、' +
  'git status で差分が出ないことを確認し、変更点を記録してください';
