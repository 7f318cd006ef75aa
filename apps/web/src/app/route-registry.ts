/** Lets modules ask whether a path has a page, without importing the router (which imports them). */
let exists: (path: string) => boolean = () => true;

export const setRouteExists = (fn: (path: string) => boolean) => {
  exists = fn;
};

export const routeExists = (path: string) => exists(path);
