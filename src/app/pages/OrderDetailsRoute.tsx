import type { Order } from "@contract/orders";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { OrderDetailsPage } from "@/features/orders/components/OrderDetailsPage";
import { orderAgain } from "../order-again";

/** /order/{id}: the orders feature's page, with 'Order Again' wired to the cart. */
export default function OrderDetailsRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reorder = useCallback(
    (order: Order) => orderAgain(order, queryClient, (state) => navigate("/cart", { state })),
    [queryClient, navigate],
  );
  return <OrderDetailsPage orderAgain={reorder} />;
}
