/**
 * The append-only guard of the stock ledger (migration 0035), declared on the StockMovement entity
 * with the same body so the schema diff knows it: a movement is never changed, and deleted only when
 * its product or location is gone (the cascade of deleting them, or their business).
 */
export const STOCK_MOVEMENT_APPEND_ONLY_BODY =
  `if tg_op = 'DELETE' and (not exists (select 1 from "product" where "id" = old."product_id") ` +
  `or not exists (select 1 from "stock_location" where "id" = old."location_id")) then return old; end if; ` +
  `raise exception 'stock_movement is append-only: post a correcting movement instead' using errcode = 'restrict_violation';`;
