import { isVendorOpen } from "@contract/vendor-rules";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { vendorListQuery } from "@/features/vendors/api/vendors-api";
import { VendorCard, VendorCardSkeleton } from "@/features/vendors/components/VendorCard";
import "@/features/vendors/vendors.css";

const SHOWN = 6;

/** Home: the trailers open right now, from the same cached list /vendors uses. */
export function OpenTrailers() {
  const list = useQuery(vendorListQuery());
  const open =
    list.data?.vendors.filter((vendor) => isVendorOpen(vendor.status)).slice(0, SHOWN) ?? [];
  if (list.isError || (list.isSuccess && open.length === 0)) return null;
  return (
    <section className="home-section" aria-labelledby="open-trailers-title">
      <div className="home-section__head">
        <h2 id="open-trailers-title">Open now</h2>
        <Link to="/vendors?open=1" className="home-section__more">
          See all
        </Link>
      </div>
      <div className="home-strip">
        {list.isPending
          ? [0, 1, 2].map((index) => <VendorCardSkeleton key={index} />)
          : open.map((vendor, index) => (
              <VendorCard key={vendor.id} vendor={vendor} eager={index < 2} />
            ))}
      </div>
    </section>
  );
}
