/**
 * Common domain nouns, one record each, as owners name their entities: commerce, content,
 * operations and software. Every one must generate a project that type-checks and passes Biome
 * (test/render/nouns.test.ts); the spec sweep tests a few of them in full each run.
 */
export const COMMERCE = [
  'Product', 'Price', 'Plan', 'Order', 'OrderLine', 'Invoice', 'Payment', 'Refund', 'Customer', 'Cart', 'Coupon',
  'Discount', 'Offer', 'Quote', 'Receipt', 'Shipment', 'Parcel', 'Supplier', 'Vendor', 'Warehouse', 'Stock', 'Item',
  'Catalog', 'Category', 'Brand', 'Subscription', 'Account', 'Balance', 'Charge', 'Credit', 'Currency', 'Tax', 'Fee',
  'Budget', 'Contract', 'Deal', 'Lead', 'Opportunity', 'Store', 'Basket', 'Bundle', 'Voucher', 'Wallet', 'Transaction',
  'Address',
];

export const CONTENT = [
  'Page', 'Post', 'Article', 'Comment', 'Answer', 'Question', 'Label', 'Tag', 'Topic', 'Author', 'Book', 'Chapter',
  'Section', 'Document', 'File', 'Folder', 'Image', 'Video', 'Song', 'Album', 'Playlist', 'Episode', 'Course',
  'Lesson', 'Quiz', 'Note', 'Review', 'Rating', 'Poll', 'Survey', 'Form', 'Template', 'Theme', 'Menu', 'Link',
  'Feed', 'Story', 'Gallery', 'Recipe', 'Glossary', 'Translation', 'Message', 'Thread', 'Reaction', 'Bookmark',
];

export const OPERATIONS = [
  'Zone', 'Level', 'Shift', 'Task', 'Ticket', 'Incident', 'Alert', 'Request', 'Process', 'Step', 'Stage', 'Schedule',
  'Booking', 'Reservation', 'Room', 'Desk', 'Site', 'Location', 'Region', 'Route', 'Vehicle', 'Driver', 'Device',
  'Sensor', 'Reading', 'Asset', 'Employee', 'Team', 'Role', 'Member', 'Membership', 'Visit', 'Appointment', 'Patient',
  'Doctor', 'Claim', 'Policy', 'Permit', 'Inspection', 'Report', 'Audit', 'Record', 'Entry', 'Event', 'Date',
  'Person',
];

export const SOFTWARE = [
  'Model', 'Query', 'Filter', 'Service', 'Result', 'Value', 'Key', 'Test', 'Time', 'Error', 'Response', 'Router',
  'Operation', 'Token', 'Session', 'User', 'Config', 'Setting', 'Option', 'Feature', 'Flag', 'Release', 'Build',
  'Deployment', 'Environment', 'Project', 'Repository', 'Commit', 'Branch', 'Issue', 'Job', 'Queue', 'Worker',
  'Webhook', 'Endpoint', 'Client', 'Secret', 'Certificate', 'Domain', 'Index', 'Status', 'Schema', 'Table', 'Map',
  'Set', 'Class', 'Promise', 'Type', 'Cursor', 'Page size', 'Idempotency key', 'Rate limit',
];

export const NOUNS: readonly string[] = [...COMMERCE, ...CONTENT, ...OPERATIONS, ...SOFTWARE];

/**
 * Singular nouns pluralize reads as plurals (Lens as the plural of Len): each is accepted with
 * its plural given (`--plural`), and refused without, naming that option.
 */
export const PLURAL_LOOKING: readonly (readonly [noun: string, plural: string])[] = [
  ['Lens', 'Lenses'], ['Canvas', 'Canvases'], ['Bias', 'Biases'], ['Pelvis', 'Pelvises'], ['Ibis', 'Ibises'],
  ['Trellis', 'Trellises'], ['Metropolis', 'Metropolises'], ['Pancreas', 'Pancreases'], ['Rhinoceros', 'Rhinoceroses'],
  ['Thermos', 'Thermoses'], ['Contact lens', 'Contact lenses'],
];
