/** Where the book API is served below the service's address: its routes and this client both read it here. */
export const booksPath = '/api/books';
