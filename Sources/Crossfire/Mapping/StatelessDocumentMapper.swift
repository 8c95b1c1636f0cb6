/// A mapper that keeps nothing of one call for the next and may be called from any thread:
/// what it makes of a document or value depends on its schema alone, so one prepared mapper
/// serves every case of that schema (`ReusingMapperFactory`). The built-in mappers are.
package protocol StatelessDocumentMapper: DocumentMapper, Sendable {}
