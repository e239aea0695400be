/**
 * The reads benchmark's plan (bench/lib/read-routes.ts, issue 23) against the app's GET routes
 * (the role matrix, which route-matrix.test.ts keeps equal to what Fastify registers): every GET
 * route is measured or exempt with a reason, the plan names no route that is gone, a route with
 * path params gets real ids, and each route is held to its callers' goal (member reads to the
 * member goal, staff-only reports to the staff goal).
 */
import { describe, expect, it } from "vitest";
import { READ_PLAN, checkReadPlan, getRoutes, isExempt } from "../../bench/lib/read-routes";
import { ROUTE_ACCESS } from "./route-matrix";

describe("the reads benchmark's plan", () => {
  it("has a line for every GET route of the app and none for a route that does not exist", () => {
    expect(getRoutes().length).toBeGreaterThan(50);
    expect(checkReadPlan()).toEqual({ missing: [], stale: [] });
  });

  it("fails a new GET route without a line, and a line whose route is gone", () => {
    const routes = [...getRoutes(), "GET /api/new-list"];
    expect(checkReadPlan(routes).missing).toEqual(["GET /api/new-list"]);
    const { ["GET /api/groups"]: _gone, ...rest } = ROUTE_ACCESS;
    expect(checkReadPlan(getRoutes(rest))).toEqual({ missing: [], stale: ["GET /api/groups"] });
    // Writes are not the reads scenario's.
    expect(getRoutes({ "POST /api/groups": "staff", "GET /api/x": "member" })).toEqual(["GET /api/x"]);
  });

  it("fills every path param with a real id and holds each route to its callers' goal", () => {
    for (const route of getRoutes()) {
      const plan = READ_PLAN[route];
      if (isExempt(plan)) {
        expect(plan.exempt.length, route).toBeGreaterThan(10);
        continue;
      }
      if (route.includes(":")) expect(plan.path, route).toBeTypeOf("function");
      const access = ROUTE_ACCESS[route as keyof typeof ROUTE_ACCESS];
      const staffOnly = access !== "member" && access !== "public";
      expect(plan.goal, route).toBe(staffOnly ? "staff" : "member");
      expect(plan.as === "pastor" || plan.as === "owner", route).toBe(staffOnly);
      if (access === "owner" || access === "finance") expect(plan.as, route).toBe("owner");
      if (plan.path) {
        const path = plan.path({ liveServiceId: "s1", pollId: "p1", journeyId: "j1", eventId: "e1" }, { noteId: "n1", groupId: "g1" });
        expect(path, route).not.toMatch(/[:*]|undefined/);
      }
    }
  });
});
