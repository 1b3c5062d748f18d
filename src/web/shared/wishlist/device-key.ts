/** Where a guest's wish list is kept on the device (localStorage): device-list.ts reads it; the header's session start only asks whether it is there. */
export const DEVICE_WISHLIST_KEY = 'beautypass.wishlist';
