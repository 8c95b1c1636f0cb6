/// One named pass of the shrinker: a kind of candidate it makes. The name is what the
/// statistics count attempts, kept candidates and cache hits under, and what `--verbose`
/// and the shrink reports print.
package struct ShrinkPass: Hashable, Sendable, CustomStringConvertible {
    /// The pass's name, e.g. `span deletion`.
    package let name: String

    /// A pass of the given name.
    package init(name: String) {
        self.name = name
    }

    package var description: String { name }

    // MARK: Choice passes (every candidate is a choice sequence, regenerated into a case)

    /// Removes one struct field from the schema and from every value of its struct at once
    /// (`FieldDeletion`), lowering a fault's site to follow it when needed.
    package static let fieldDeletion = ShrinkPass(name: "field deletion")
    /// Deletes one recorded element span (a collection's element, a map entry, a fault).
    package static let spanDeletion = ShrinkPass(name: "span deletion")
    /// Sets the choices of one recorded field or element span to their simplest answer.
    package static let spanLowering = ShrinkPass(name: "span lowering")
    /// Deletes a window of 8, 4, 2 or 1 choices, wherever the spans fall.
    package static let choiceDeletion = ShrinkPass(name: "choice deletion")
    /// Sets one choice to zero, else lowers it by binary search.
    package static let choiceLowering = ShrinkPass(name: "choice lowering")
    /// Lowers two adjacent choices together by one.
    package static let pairLowering = ShrinkPass(name: "pair lowering")

    // MARK: Tree passes (every candidate is an edited case)

    /// Drops the document or the model value, the direction a class does not need.
    package static let direction = ShrinkPass(name: "direction")
    /// Drops or inlines struct fields, unused types and enum cases (`SchemaEdits`).
    package static let schemaEdits = ShrinkPass(name: "schema edits")
    /// Deletes and simplifies parts of the document (`DocumentEdits`).
    package static let documentEdits = ShrinkPass(name: "document edits")
    /// Deletes and simplifies parts of the model value (`ModelValueEdits`).
    package static let modelValueEdits = ShrinkPass(name: "model value edits")
    /// Lowers integers toward zero by binary search (`NumberLowering`).
    package static let numberLowering = ShrinkPass(name: "number lowering")
    /// Gives fields short names (`FieldRenaming`).
    package static let fieldRenaming = ShrinkPass(name: "field renaming")
    /// Gives the document the simplest reference.
    package static let reference = ShrinkPass(name: "reference")
}
