import Crossfire
import FirestoreModel

extension ValueTree {
    /// The tree as nested lists with the way to `leaf` highlighted: the nodes on the path
    /// are open and marked, the leaf stands out, and a leaf the value does not have (a missing
    /// key, an element one side lacks) is drawn where it would be, as `nothing here`.
    /// Containers off the path are folded (`<details>`).
    func html(highlighting leaf: ValuePath) -> String {
        "<ul class=\"tree\">" + node(remaining: leaf.components[...]) + "</ul>"
    }

    private func node(remaining: ArraySlice<ValuePath.Component>?) -> String {
        let line = "<span class=\"k\">\(HTMLText.escape(label))</span> <span class=\"\(isContainer ? "t" : "v")\">\(HTMLText.escape(text))</span>"
        guard let remaining else {
            guard !children.isEmpty else { return "<li>\(line)</li>" }
            return "<li><details><summary>\(line)</summary><ul>" + children.map { $0.node(remaining: nil) }.joined() + "</ul></details></li>"
        }
        guard let next = remaining.first else {
            let inside = children.isEmpty ? "" : "<ul>" + children.map { $0.node(remaining: nil) }.joined() + "</ul>"
            return "<li class=\"leaf\"><mark>\(line)</mark>\(inside)</li>"
        }
        var items = children.map { child in child.node(remaining: child.component == next ? remaining.dropFirst() : nil) }
        if !children.contains(where: { $0.component == next }) {
            items.append("<li class=\"leaf absent\"><mark><span class=\"k\">\(HTMLText.escape(Self.label(of: next)))</span> "
                         + "<span class=\"v\">nothing here</span></mark></li>")
        }
        return "<li class=\"on-path\">\(line)<ul>" + items.joined() + "</ul></li>"
    }

    private static func label(of component: ValuePath.Component) -> String {
        switch component {
        case .key(let key): return key
        case .index(let index): return "[\(index)]"
        }
    }
}
