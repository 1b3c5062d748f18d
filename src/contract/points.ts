import * as v from 'valibot';

/**
 * Why a member's points changed: the point log source keys of spec §3, one per row of the points
 * ledger. The registration key names the programme ("its key names the brand"). Issue 15 turns
 * each into a sentence of the points history in the four languages.
 */
export const POINT_SOURCES = [
  'manual_points_adjustment',
  'level_redemption',
  'expired_points',
  'survey_points',
  'used_points',
  'beauty_pass_registration',
  'loyalty_points',
  'online_review',
  'published_review',
  'completed_beauty_profile',
  'downloaded_mobile_app',
  'referred_mobile_app',
  'bonus_points',
  'purchase_points',
  'purchase_points_with_order_number',
  'product_review_with_name',
] as const;
export const PointSourceSchema = v.picklist(POINT_SOURCES);
export type PointSource = v.InferOutput<typeof PointSourceSchema>;

/** Points expire this many months after the member's last purchase or reward redemption (spec §9). */
export const POINTS_EXPIRY_MONTHS = 18;

/** From this many days before the points expire, the member is warned (the weeks before, issue 15). */
export const POINTS_WARNING_DAYS = 42;
