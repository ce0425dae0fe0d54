// Pages of the object-store file list (issue 19 §4).
export const FILE_PAGES = ['files/FileList'] as const;
