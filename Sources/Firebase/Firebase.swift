// `import Firebase`: the SDK's umbrella module (CocoaPods' `Firebase` pod and SwiftPM's
// `Firebase` target, every SDK version), which brings `FirebaseFirestore` into scope among
// the other Firebase products. Here it is Firestore alone: a model file that begins
// `import Firebase` compiles unchanged.
@_exported import FirebaseFirestore
