// The cases of ../experiences.test.ts with every client pointed at the platform route (@svc/proxy) in
// front of the mock: the wire through the route is the wire direct (test/support/through-route.ts).
import '../../support/through-route-on';
import '../experiences.test';
