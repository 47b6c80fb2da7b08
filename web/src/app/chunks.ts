// The lazily loaded page modules, in one place so a page can warm up the next one's code on the
// visitor's intent (the home page loads the funnel when a choice is hovered or focused).
export const loadFunnelPage = () => import("../pages/funnel/FunnelPage");
