/** Where the product API is served below the service's address: its routes and this client both read it here. */
export const productsPath = '/api/products';
