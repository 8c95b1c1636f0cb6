import ModelSchema
import Synchronization

/// A mapper factory that keeps the mapper it made last and hands it out again while the schema
/// stays the same, for `FuzzDifferential`: libFuzzer runs one mutation of an input after
/// another, and an edit of the document's or the value's choices leaves the schema as it was,
/// so preparing the mapper again (the Codable mapper's dynamic type, a hand mapper's plan) is
/// work done twice. Only a `StatelessDocumentMapper` is reused (the built-in ones are: values
/// that hold nothing but their schema's plan), so handing it to the next case changes nothing
/// of what that case shows; any other mapper is made anew for every case, as is one whose
/// factory threw.
package final class ReusingMapperFactory: MapperFactory {
    /// The factory that makes the mappers.
    package let base: any MapperFactory
    /// The last mapper, with its schema as exact bytes: `ModelSchema`'s `==` compares names as
    /// Swift strings, by canonical equivalence, and a schema keyed `"Å"` (U+00C5) would get the
    /// mapper made for one keyed `"Å"` (U+212B) — which reads and writes the other key, so that a
    /// case's outcome would depend on the case before it.
    private let last = Mutex<(schema: [UInt8], mapper: any StatelessDocumentMapper)?>(nil)

    /// A factory reusing `base`'s last mapper.
    package init(base: any MapperFactory) {
        self.base = base
    }

    /// The base factory's name.
    package var name: String { base.name }

    /// The last mapper when it was made for `schema` (byte for byte), else a new one from the base factory.
    package func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        let bytes = Array(schema.compactJSON().utf8)
        if let reused = last.withLock({ $0?.schema == bytes ? $0?.mapper : nil }) { return reused }
        let mapper = try base.makeMapper(for: schema)
        if let reusable = mapper as? any StatelessDocumentMapper { last.withLock { $0 = (bytes, reusable) } }
        return mapper
    }
}
