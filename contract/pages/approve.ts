// Pages of the approve area (issue 4): the checker's list of payment orders waiting for them and
// one order's detail (rows of a batch, the audit trail), on the phone and on the desktop.
export const APPROVE_PAGES = ['approve/ApproveList', 'approve/ApproveDetail'] as const;

/** Where the approver's pages live (menu rows in server/menus/approve.ts use the same paths). */
export const APPROVE_LIST_PATH = '/approve/list';
export const APPROVE_DETAIL_PATH = '/approve/detail';
/** The detail of one order: what a pay-order notification opens. */
export const approveDetailUrl = (orderId: string) => `${APPROVE_DETAIL_PATH}?id=${encodeURIComponent(orderId)}`;
